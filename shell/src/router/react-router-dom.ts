/**
 * What the shell provides to every remote as the shared `react-router-dom` singleton: the
 * declarative router API, without the data-router, server and RSC parts the shop never uses.
 * Module Federation cannot tree-shake a shared module (any remote may use any export), so
 * providing the whole package would cost about 60 KB gzip on every first load; this subset is a
 * fraction of that. Remotes consume it (their production builds ship no router of their own); an
 * export a remote needs must be added here. See docs/decisions/0011.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';
export type { LinkProps, NavLinkProps, NavigateFunction, Location, To, Params, SetURLSearchParams, URLSearchParamsInit } from 'react-router';
