// The main menu (SPEC.md §2): a tile per topic with a menu entry (Thai and English names), the
// current route highlighted, the entries that leave the app, and the hidden 2024 link.
import { NavLink } from 'react-router';
import { useConfig } from '../../state/config.tsx';
import { th } from '../../locale/th.ts';
import { KeepWhole } from '../../components/KeepWhole.tsx';
import { TopicIcon } from './TopicIcon.tsx';

export function MainMenu({ onNavigate }: { onNavigate: () => void }) {
  const { topics, menu } = useConfig();
  return (
    <nav aria-label={th.mainMenu} className="main-menu">
      <ul className="tiles">
        {topics.filter((t) => t.menu).map((t) => (
          <li key={t.route}>
            <NavLink to={`/${t.route}`} className="tile" onClick={onNavigate}>
              <TopicIcon name={t.menu?.icon ?? t.route} />
              <span className="tile-th">
                <KeepWhole text={t.title.th} />
              </span>
              {t.title.en && <span className="tile-en" lang="en">{t.title.en}</span>}
            </NavLink>
          </li>
        ))}
      </ul>
      <h3 className="menu-subtitle">{th.externalLinks}</h3>
      <ul className="external-links">
        {menu.external.map((e) => (
          <li key={e.id}>
            <a href={e.href} target="_blank" rel="noopener noreferrer" className="external-link">
              <span>{e.title.th}</span>
              {e.title.en && <span className="tile-en" lang="en">{e.title.en}</span>}
            </a>
          </li>
        ))}
      </ul>
      {menu.legacy && (
        <a className="legacy-link" href={menu.legacy.href} rel="noopener noreferrer">
          {menu.legacy.label}
        </a>
      )}
    </nav>
  );
}
