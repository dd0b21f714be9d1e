// A topic page from config: its title and one tab per variant (child routes, SPEC.md §2).
import { NavLink, Outlet } from 'react-router';
import type { ResolvedTopic } from '../../engine/types.ts';
import { KeepWhole } from '../../components/KeepWhole.tsx';
import { useDocumentTitle } from '../useDocumentTitle.ts';

export function TopicPage({ topic }: { topic: ResolvedTopic }) {
  useDocumentTitle(topic.title.th);
  const tabs = topic.variants.filter((v) => v.tab);
  return (
    <section className={`topic topic-${topic.layout}`} aria-labelledby={`topic-${topic.route}`}>
      <h1 id={`topic-${topic.route}`} className="topic-title">
        <KeepWhole text={topic.title.th} />
        {topic.title.en && <small lang="en">{topic.title.en}</small>}
      </h1>
      {tabs.length > 1 && (
        <nav className="variant-tabs" aria-label={`${topic.title.th}: รูปแบบ`}>
          {tabs.map((v) => (
            <NavLink key={v.path} to={v.path === '' ? `/${topic.route}` : `/${topic.route}/${v.path}`} end className="variant-tab">
              {v.tab?.th}
            </NavLink>
          ))}
        </nav>
      )}
      <Outlet />
    </section>
  );
}
