// The web app's layers (docs/decisions/0004): lib < session < ui < features < routes. A module imports only from
// its own layer or the ones below it, and no modules import each other in a cycle.
const APP = '^apps/web/app/';
const layer = (name) => `${APP}${name}/`;

/** `from` may not import anything in `above`. */
const forbidUpward = (name, above) => ({
  name: `${name}-imports-upward`,
  comment: `${name}/ may not import from ${above.join(', ')}: they build on it, not the other way round.`,
  severity: 'error',
  from: { path: layer(name) },
  to: { path: above.map(layer) },
});

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    forbidUpward('types', ['lib', 'session', 'ui', 'features', 'routes']),
    forbidUpward('lib', ['session', 'ui', 'features', 'routes']),
    forbidUpward('session', ['ui', 'features', 'routes']),
    forbidUpward('ui', ['features', 'routes']),
    forbidUpward('features', ['routes']),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.react-router/', '/build/'] },
    tsPreCompilationDeps: true,
  },
};
