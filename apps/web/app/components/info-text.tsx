import { parseInfoBody } from '../lib/info-pages';

/** A section body of the information pages: paragraphs and lists (see parseInfoBody). */
export function InfoText({ body }: { body: string }) {
  return (
    <>
      {parseInfoBody(body).map((block, i) =>
        block.kind === 'p' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
          <p key={i}>{block.text}</p>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
          <ul key={i} className="info-list">
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}
