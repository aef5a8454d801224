import { Tag as AntTag } from 'antd';
import type { TagRef } from '@lodestar/contract';

// Its own module, not beside RecordTags: a list's rows show chips, and the editor's tag picker (antd's TreeSelect)
// would come along into the list's first load (apps/web/chunk-groups.ts groups whole modules).
/** One tag as a coloured chip (list rows and detail pages). */
export function RecordTagChip({ tag }: { tag: TagRef }) {
  return (
    <AntTag className="record-tag" style={{ borderColor: tag.color }}>
      <span className="tag-dot" style={{ background: tag.color }} aria-hidden="true" />
      {tag.name}
    </AntTag>
  );
}
