// HTML lets a stylesheet link be disabled (the browser then neither applies nor fetches it); React passes the
// attribute through, but its types leave it out for <link>.
import 'react';

declare module 'react' {
  interface LinkHTMLAttributes<T> extends HTMLAttributes<T> {
    disabled?: boolean;
  }
}
