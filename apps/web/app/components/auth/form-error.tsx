/** An error for the whole form (not one field), read out when it appears. */
export function FormError({ text, testId }: { text: string | null | undefined; testId?: string }) {
  if (!text) return null;
  return (
    <p className="form-error" role="alert" data-testid={testId}>
      {text}
    </p>
  );
}
