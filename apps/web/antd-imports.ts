/**
 * Narrows two of antd's internal imports that bring far more than they use (issue 21, apps/web/README.md "First
 * load"): antd's form context (antd/es/form/context.js, imported by Input, Select, Checkbox and every other field, so by
 * every list's first paint) takes only `FormProvider` from @rc-component/form, and Radio's group a name helper from
 * antd's module of `useForm`, which takes rc's form store — both through @rc-component/form's index, which attaches
 * Field, List, useForm and useWatch to the Form component: assignments the bundler must keep, with the form store and
 * the async validator, ~100 KB of code before any form is opened. The index re-exports `FormProvider` from its own module and the helper is one expression, so neither changes
 * behaviour; a real form still loads the index, which shares those modules. If antd moves an import, its pattern stops
 * matching and the bundle is only larger (scripts/check-initial-bundle.ts notices).
 */
import type { Plugin } from 'vite';

/**
 * A component antd's Table imports for features no table of ours uses, or not on the contact list, loaded when first
 * rendered instead: column filters (`filters`, `filterDropdown`: the filter dropdown brings Tree, Menu, Dropdown, Radio
 * and Empty), the selection column's `selections` menu (Dropdown), radio selection (Radio), a sortable column's
 * tooltip (Tooltip and rc-trigger), the default empty state (Empty; the record lists pass their own), ConfigProvider's
 * `tooltip.unique` provider (rc-trigger; not set), and the pagination (the
 * contact list has none: it loads more rows instead) with its page-size Select. Until it has loaded it shows
 * `fallback` (an expression of `props`): by default its children (the column title or the trigger), or nothing.
 * `extra` keeps the module's other imported names.
 */
const loadedWhenRendered = (module: string, { fallback = 'props.children ?? null', extra = '' } = {}) =>
  `import { createElement, lazy, Suspense } from 'react';
const Loaded = lazy(() => import('${module}'));
export default function LoadedWhenRendered(props) { return createElement(Suspense, { fallback: ${fallback} }, createElement(Loaded, props)); }
${extra}`;

/** antd's module and the import it narrows → what it takes, from the module that defines it. */
const narrowed: { importer: RegExp; source: string; code: string }[] = [
  // Input, Select, Checkbox…: the form context's FormProvider.
  { importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/, source: '@rc-component/form', code: "export { FormProvider } from '@rc-component/form/es/FormContext.js';" },
  // Radio's group (a table's row selection): antd's useForm module holds this 1-line helper beside the form store;
  // the same expression over antd's own `toArray`.
  {
    importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/,
    source: '../form/hooks/useForm',
    code: "import { toArray } from 'antd/es/form/util.js';\nexport function toNamePathStr(name) { return toArray(name).join('_'); }",
  },
  // Input (the list filters' search): rc-input's index also holds its TextArea, kept because that package does not say
  // its modules are free of side effects.
  { importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]input[\\/]Input\.js$/, source: '@rc-component/input', code: "export { default } from '@rc-component/input/es/Input.js';" },
  // ConfigProvider's provider for `tooltip.unique` (one shared tooltip), which we do not set: it brought rc-trigger to
  // every page's frame.
  { importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/, source: '../tooltip/UniqueProvider', code: loadedWhenRendered('antd/es/tooltip/UniqueProvider/index.js') },
  // Table's column filters, with the one helper its filter hook takes from the same module (the same few lines).
  {
    importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
    source: './FilterDropdown',
    code: loadedWhenRendered(
      'antd/es/table/hooks/useFilter/FilterDropdown.js',
      { extra: 'export function flattenKeys(filters) { return (filters || []).flatMap(({ value, children }) => [value, ...(children ? flattenKeys(children) : [])]); }' },
    ),
  },
  // Pagination's page-size changer (a list's): shown when its Select arrives, at the end of the row.
  { importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]pagination[\\/]Pagination\.js$/, source: '../select', code: loadedWhenRendered('antd/es/select/index.js', { fallback: 'null' }) },
  // A table's pagination: its place (the table's pagination margins, one row of page buttons) is held meanwhile.
  {
    importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]InternalTable\.js$/,
    source: '../pagination',
    code: loadedWhenRendered('antd/es/pagination/index.js', { fallback: "createElement('div', { className: props.className, style: { margin: '16px 0', height: props.size === 'small' ? 24 : 32 } })" }),
  },
  // A table's default empty state (antd's Empty and its illustration): the record lists pass their own.
  { importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]InternalTable\.js$/, source: '../config-provider/defaultRenderEmpty', code: loadedWhenRendered('antd/es/config-provider/defaultRenderEmpty.js', { fallback: 'null' }) },
  // A sortable column's header tooltip (no column of the contact list sorts; the list has its own sort control).
  { importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSorter\.js$/, source: '../../tooltip', code: loadedWhenRendered('antd/es/tooltip/index.js') },
  // Table's selection column: the `selections` menu and radio selection.
  { importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, source: '../../dropdown', code: loadedWhenRendered('antd/es/dropdown/index.js') },
  { importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, source: '../../radio', code: loadedWhenRendered('antd/es/radio/index.js') },
];
const prefix = '\0lodestar-antd-narrowed:';

export function antdImportsPlugin(): Plugin {
  return {
    name: 'lodestar-antd-imports',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      const index = narrowed.findIndex((entry) => entry.source === source && entry.importer.test(importer));
      return index < 0 ? null : `${prefix}${index}`;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      return narrowed[Number(id.slice(prefix.length))]!.code;
    },
  };
}
