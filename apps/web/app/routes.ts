// The route table: one module per URL. Signed-out pages share the default layout, every other page the sidebar layout.
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  layout('routes/public-layout.tsx', [
    route('login', 'routes/login.tsx'),
    route('login/code', 'routes/login-code.tsx'),
    route('signup', 'routes/signup.tsx'),
    route('confirm', 'routes/confirm.tsx'),
  ]),
  layout('routes/app-layout.tsx', [
    index('routes/home.tsx'),
    route('about', 'routes/about.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('organization', 'routes/organization.tsx'),
    route('projects', 'routes/projects.tsx'),
    route('projects/:id', 'routes/project.tsx'),
    // The planner: the specification's "user allocations" page. In code and SQL (features/planner, planner_data) it
    // is called the planner everywhere.
    route('user-allocations', 'routes/user-allocations.tsx'),
  ]),
  // Any other path is unknown: 404 for everyone, signed in or not (bots included), not a sign-in redirect.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
