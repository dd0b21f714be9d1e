// The line icon of a menu tile (src/engine/menuIcons.ts: the names config may use).
import { menuIconPath } from '../../engine/menuIcons.ts';

export function TopicIcon({ name }: { name: string }) {
  return (
    <svg className="tile-icon" aria-hidden width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      <path d={menuIconPath(name)} />
    </svg>
  );
}
