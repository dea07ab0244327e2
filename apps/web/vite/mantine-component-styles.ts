// Mantine ships one stylesheet for all of its components (about 40 KB compressed), and every page would wait for it
// before its first paint. Each component's class names come from its own `<Name>.module.mjs`, and the package has a
// stylesheet of the same name for it; importing that stylesheet from there puts each component's rules in the
// JavaScript chunk that uses the component, so a page loads only the styles of the components it renders. The
// layered variants keep Mantine's rules below the app's own whatever order the chunks' stylesheets arrive in.
import type { Plugin } from 'vite';

const COMPONENT_CLASSES = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;

export function mantineComponentStyles(): Plugin {
  return {
    name: 'teamplan:mantine-component-styles',
    transform(code, id) {
      const component = COMPONENT_CLASSES.exec(id)?.[1];
      if (!component) return null;
      return { code: `import '@mantine/core/styles/${component}.layer.css';\n${code}`, map: null };
    },
  };
}
