// Mantine ships one stylesheet for all of its components (about 40 KB compressed), and every page would wait for it
// before its first paint. Each component's class names come from its own `<Name>.module.mjs`, and the package has a
// stylesheet of the same name for it; importing that stylesheet from there puts each component's rules in the
// JavaScript chunk that uses the component, so a page loads only the styles of the components it renders.
//
// The stylesheets of a page then arrive in whatever order its chunks do, but Mantine's rules depend on their order:
// an Anchor is a Text, and Anchor's underline must come after Text's plain style to win. So each component's rules go
// into a cascade layer of their own, ranked as Mantine's full stylesheet orders them, and the ranks are declared
// once, first: whatever the order of the files, the cascade is Mantine's. All of it stays below the app's own rules,
// which are in no layer. The date pickers' styles come after the core's, as Mantine requires.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const COMPONENT_CLASSES = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
/** A stylesheet of a component, asked for with its rank: `.../styles/Anchor.css?mantine-rank=19`. */
const RANKED = /[\\/]@mantine[\\/]core[\\/]styles[\\/][A-Za-z]+\.css\?mantine-rank=(\d+)$/;
const DATES = /[\\/]@mantine[\\/]dates[\\/]styles\.css$/;
/** Imported first by the root route: the order of the layers. */
export const LAYER_ORDER_MODULE = 'virtual:mantine-layer-order.css';
const RESOLVED_LAYER_ORDER = `\0${LAYER_ORDER_MODULE}`;

const layerOf = (rank: number) => `mantine-components.c${String(rank).padStart(3, '0')}`;

/** Each component's rank: where its first class name first appears in Mantine's full stylesheet. */
function componentRanks(stylesDir: string, fullStylesheet: string): Map<string, number> {
  const positions: [string, number][] = [];
  for (const file of readdirSync(stylesDir)) {
    if (!file.endsWith('.css') || file.endsWith('.layer.css')) continue;
    const firstClass = /\.(m_[0-9a-f]+)/.exec(readFileSync(path.join(stylesDir, file), 'utf8'))?.[1];
    if (firstClass) positions.push([file.slice(0, -'.css'.length), fullStylesheet.indexOf(`.${firstClass}`)]);
  }
  positions.sort((a, b) => a[1] - b[1]);
  return new Map(positions.map(([component], rank) => [component, rank]));
}

export function mantineComponentStyles(): Plugin {
  const require = createRequire(import.meta.url);
  const stylesDir = path.join(path.dirname(require.resolve('@mantine/core/styles.css')), 'styles');
  const ranks = componentRanks(stylesDir, readFileSync(require.resolve('@mantine/core/styles.css'), 'utf8'));
  const lastRank = ranks.size;
  return {
    name: 'teamplan:mantine-component-styles',
    enforce: 'pre',
    resolveId(id) {
      return id === LAYER_ORDER_MODULE ? RESOLVED_LAYER_ORDER : null;
    },
    load(id) {
      if (id !== RESOLVED_LAYER_ORDER) return null;
      const components = Array.from({ length: lastRank + 1 }, (_, rank) => layerOf(rank));
      return `@layer mantine, ${components.join(', ')}, mantine-dates;\n`;
    },
    transform(code, id) {
      const component = COMPONENT_CLASSES.exec(id)?.[1];
      if (component) {
        const stylesheet = path.join(stylesDir, `${component}.css`);
        const rank = ranks.get(component) ?? lastRank;
        return { code: `import ${JSON.stringify(`${stylesheet}?mantine-rank=${rank}`)};\n${code}`, map: null };
      }
      const rank = RANKED.exec(id)?.[1];
      if (rank !== undefined) return { code: `@layer ${layerOf(Number(rank))} {\n${code}\n}\n`, map: null };
      if (DATES.test(id)) return { code: `@layer mantine-dates {\n${code}\n}\n`, map: null };
      return null;
    },
  };
}
