// The Thai note of a layer, chart or list that failed to load (issue 23 item 3), on its own row or
// panel: an alert with what failed and what to do, and 'ลองใหม่' when trying again can help. Its
// id lets the row's control name it (aria-describedby). A found-nothing note is a quiet status.
import { th } from '../../../locale/th.ts';
import type { FailureText } from './failureText.ts';
import './loadFailure.css';

interface LoadFailureProps {
  id: string;
  failure: FailureText;
  /** What failed, when the place does not say it (a chart's title). */
  heading?: string;
  /** Tries again; without it no button shows. */
  onRetry?: () => void;
}

export function LoadFailure({ id, failure, heading, onRetry }: LoadFailureProps) {
  return (
    <div className="load-failure" role="alert" id={id}>
      <span className="load-failure-text">
        {heading && <strong>{heading}: </strong>}
        {failure.text}
      </span>
      {failure.retry && onRetry && (
        <button type="button" className="load-failure-retry" onClick={onRetry}>
          {th.failures.retry}
        </button>
      )}
    </div>
  );
}

/** A load that succeeded with nothing in the chosen area (SPEC.md §8 keeps its toast too). */
export function FoundNothing({ id }: { id: string }) {
  return (
    <p className="load-empty" role="status" id={id}>
      {th.failures.empty}
    </p>
  );
}
