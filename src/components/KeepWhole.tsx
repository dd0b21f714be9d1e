// Text with the loanwords the browser's Thai dictionary splits (src/locale/thaiWords.ts) kept on
// one line: each such word in a no-wrap span, the text content unchanged.
import { splitKeepWhole } from '../locale/thaiWords.ts';

export function KeepWhole({ text }: { text: string }) {
  const pieces = splitKeepWhole(text);
  if (!pieces.some((p) => p.whole)) return <>{text}</>;
  return (
    <>
      {pieces.map((p, i) =>
        p.whole ? (
          <span key={i} className="keep-whole">
            {p.text}
          </span>
        ) : (
          p.text
        ),
      )}
    </>
  );
}
