import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * MUI's `createTheme` and `ThemeProvider` each carry a second, CSS-variables implementation
 * (color schemes, `theme.vars`, the color-scheme script): about 8 KB gzipped of the first
 * bundle that this app never runs, since its theme sets neither `cssVariables` nor
 * `colorSchemes`. For such a theme both functions already take MUI's plain branch
 * (createThemeNoVars, ThemeProviderNoVars); this plugin makes the build use only that branch.
 * A theme that asks for CSS variables fails loudly instead of looking different.
 * Only the production build is changed; the dev server and tests run MUI as published.
 */
const STYLES_DIR = /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/][^\\/]+$/;
const SUFFIX = '.without-css-variables.js';
const REFUSAL = 'This build leaves out MUI CSS theme variables (apps/web/build/mui-without-css-variables.ts): remove the plugin to use cssVariables or colorSchemes.';

const shims: Record<string, string> = {
  createTheme: `import createThemeNoVars from './createThemeNoVars.js';
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) throw new Error(${JSON.stringify(REFUSAL)});
  return createThemeNoVars(options, ...args);
}`,
  ThemeProvider: `'use client';
import * as React from 'react';
import ThemeProviderNoVars from './ThemeProviderNoVars.js';
import THEME_ID from './identifier.js';
import { jsx as _jsx } from 'react/jsx-runtime';
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) throw new Error(${JSON.stringify(REFUSAL)});
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return _jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}`,
};

export function muiWithoutCssVariables(): Plugin {
  const used = new Set<string>();
  return {
    name: 'mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !STYLES_DIR.test(importer)) return null;
      const name = /^\.\/(createTheme|ThemeProvider)\.js$/.exec(source)?.[1];
      if (!name) return null;
      used.add(name);
      return path.join(path.dirname(importer), `${name}${SUFFIX}`);
    },
    load(id) {
      if (!id.endsWith(SUFFIX) || !STYLES_DIR.test(id)) return null;
      return shims[path.basename(id, SUFFIX)] ?? null;
    },
    buildEnd(error) {
      // An MUI release that moves these files would silently bring the 8 KB back: say so.
      if (!error && used.size !== Object.keys(shims).length) this.error(`MUI's styles no longer import ${Object.keys(shims).filter((n) => !used.has(n)).join(', ')} as expected: update ${REFUSAL.split('(')[1]?.split(')')[0]}`);
    },
  };
}
