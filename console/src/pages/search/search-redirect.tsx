import { Navigate, useLocation } from 'react-router-dom';

/** Old addresses of the search (/index.html, /search-person) lead to it, keeping a search they carry. */
export function SearchRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={`/${search}${hash}`} replace />;
}
