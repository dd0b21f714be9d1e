// Full-width layout of the project pages (SPEC.md §2 /project): no map, a header back to it.
import { Link, Outlet } from 'react-router';
import { useConfig } from '../../state/config.tsx';
import { Footer } from './Footer.tsx';

export function ProjectLayout() {
  const { app } = useConfig();
  return (
    <div className="project-shell">
      <header className="project-header">
        <Link to={`/${app.defaultRoute ?? ''}`} className="brand">TCS GISTDA</Link>
      </header>
      <main className="project-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
