// Any path no other route matches: answers 404 with the "Page Not Found" page.
import { data } from 'react-router';

export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

// Never rendered: the loader always throws, and the layout's error boundary shows the page.
export default function NotFound() {
  return null;
}

export function action() {
  throw data(null, { status: 404, statusText: 'Not Found' });
}
