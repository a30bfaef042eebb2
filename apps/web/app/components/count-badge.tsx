/** A count beside a menu link, read out with what it counts ("3 unread notifications"); nothing at 0. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="account-menu__badge">
      {count}
      <span className="visually-hidden"> {label}</span>
    </span>
  );
}
