import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { seedKey, themeVariants } from './src/app/antd-theme.ts';

/**
 * What antd would otherwise compute in every signed-in first render, computed by the build instead (issues 29/38):
 * the styles of the first screens' components, and the token set of each of the app's themes (`antdMapTokens`).
 *
 * The styles go into one stylesheet.
 *
 * antd generates each component's CSS in the browser the first time the component renders (CSS-in-JS): a 4×-throttled
 * profile of the contact list's first load spent 110 ms of one task on Button's styles, 90 on Input's, and 350 ms
 * inserting them as `<style>` elements — long tasks that Lighthouse counts as blocking time. antd's own answer is
 * `extractStyle`: the styles of the components rendered here (on the server, with the same antd) go into a file whose
 * last rule lists their cache paths; in the browser antd finds a component's path there and neither generates nor
 * inserts its style. A component not rendered here is generated in the browser as before, so the list only has to be
 * right about speed, never about looks.
 *
 * The paths name the component and its class prefix, not the theme: with antd's CSS variables (on by default) the
 * styles read the theme from variables, which antd still writes in the browser for the current theme (the touch theme
 * of app/antd-providers.tsx included).
 *
 * The file is preloaded on workspace addresses (apps/server/src/platform/static-files.ts) and applied before the first
 * render (src/shared/antd-static-styles.ts); the sign-in pages, which draw no antd, never load it.
 */

const require = createRequire(import.meta.url);

/** The antd components the frame and the start pages draw first (home, contact and company lists, deal board, calendar; phone and desktop). */
function firstScreens(antd: typeof import('antd'), h: typeof import('react').createElement) {
  const { Layout, Typography } = antd;
  return [
    h(antd.App, null),
    h(Layout, null, h(Layout.Header), h(Layout.Sider), h(Layout.Content), h(Layout.Footer)),
    h(antd.Button, { type: 'primary' }, 'x'),
    h(antd.Space, null, h(antd.Space.Compact, null, h(antd.Button), h(antd.Input))),
    h(antd.Input, { prefix: 'x', allowClear: true }),
    h(antd.Input.Search),
    h(antd.Checkbox),
    h(antd.Badge, { count: 1 }),
    h(antd.Popover, { content: 'x' }, h('span')),
    h(antd.Tooltip, { title: 'x' }, h('span')),
    h(antd.Popconfirm, { title: 'x' }, h('span')),
    h(antd.Flex),
    h(Typography.Text, null, 'x'),
    h(Typography.Title, null, 'x'),
    h(antd.Card, { title: 'x' }),
    h(antd.Tag, null, 'x'),
    h(antd.Tag, { color: 'blue' }, 'x'),
    h(antd.Tag.CheckableTag, { checked: false }, 'x'),
    h(antd.Segmented, { options: ['a', 'b'] }),
    h(antd.Empty),
    h(antd.Drawer, { open: false }),
    h(antd.Spin),
    h(antd.Select, { options: [] }),
    h(antd.Form, null, h(antd.Form.Item, { label: 'x' }, h(antd.Input))),
    h(antd.Row, null, h(antd.Col, { span: 12 })),
    h(antd.Steps, { items: [{ title: 'x' }] }),
    h(antd.Table, { columns: [{ title: 'x', dataIndex: 'x' }], dataSource: [] }),
  ];
}

/** The stylesheet's text: the components above rendered with the app's antd, their styles extracted with the paths. */
export async function antdStaticStyles(): Promise<string> {
  // antd and its CSS-in-JS package as CommonJS, so both share one instance of the style cache's context.
  const React = require('react') as typeof import('react');
  const { renderToString } = require('react-dom/server') as typeof import('react-dom/server');
  const antd = require('antd') as typeof import('antd');
  const { StyleProvider, createCache, extractStyle } = require('@ant-design/cssinjs') as typeof import('@ant-design/cssinjs');
  const cache = createCache();
  renderToString(React.createElement(StyleProvider, { cache }, React.createElement(antd.ConfigProvider, null, ...firstScreens(antd, React.createElement))));
  const css = extractStyle(cache, { plain: true, types: 'style' });
  // antd marks its development builds' styles "dev-only": such paths would never match the browser's.
  if (css.includes('css-dev-only')) throw new Error('antd-static-styles: antd rendered in development mode (NODE_ENV must be production)');
  return css;
}

/** The built token sets: the first theme's in full, each theme's as its differences from it. */
export interface BuiltMapTokens {
  base: Record<string, unknown>;
  variants: Record<string, Record<string, unknown>>;
}

/**
 * antd's full token set (its default algorithm's map tokens) for each of the app's themes, keyed by seed
 * (src/app/antd-theme.ts): the app finds its theme's here instead of deriving it in its first render
 * (src/app/antd-providers.tsx). Built with the same antd, so the same as the browser would derive.
 */
export function antdMapTokens(): BuiltMapTokens {
  const { theme } = require('antd') as typeof import('antd');
  const derived = themeVariants.map((variant) => {
    const seed = { ...theme.defaultSeed, ...variant.token };
    return [seedKey(seed), theme.defaultAlgorithm(seed) as unknown as Record<string, unknown>] as const;
  });
  const base = derived[0]![1];
  const differences = (tokens: Record<string, unknown>) => Object.fromEntries(Object.entries(tokens).filter(([key, value]) => base[key] !== value));
  return { base, variants: Object.fromEntries(derived.map(([key, tokens]) => [key, differences(tokens)])) };
}

/** Emits assets/antd-<hash>.css; `fileName()` answers its name once the bundle is being written (start-preloads.ts). */
export function antdStaticStylesPlugin(): Plugin & { fileName: () => string | undefined } {
  let fileName: string | undefined;
  return {
    name: 'lodestar-antd-static-styles',
    apply: 'build',
    fileName: () => fileName,
    async generateBundle() {
      const css = await antdStaticStyles();
      fileName = `assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
    },
  };
}
