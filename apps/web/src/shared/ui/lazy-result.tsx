import { lazyComponent } from './lazy-dialog.tsx';

/**
 * antd's Result carries three large illustrations (404, 403, 500) whatever its status: it loads when an error first
 * shows, not with every page (scripts/check-initial-bundle.ts); meanwhile the title and text show plainly.
 */
export const LazyResult = lazyComponent(
  () => import('antd/es/result').then((m) => m.default),
  ({ title, subTitle, extra }) => (
    <div className="plain-result" role="alert">
      {title}
      {subTitle ? <p>{subTitle}</p> : null}
      {extra}
    </div>
  ),
);
