export { TagSelect } from './components/tag-select.tsx';
export { TagDot } from './components/tag-dot.tsx';
export { TagSideView } from './components/tag-side-view.tsx';
export { TagManagerDrawer } from './components/tag-manager-drawer.tsx';
export { RecordTags } from './components/record-tags.tsx';
export { RecordTagChip } from './components/record-tag-chip.tsx';
export { CreateTagDialog, CreateTagTypeDialog } from './components/create-tag-dialog.tsx';
export { tagTreeQuery, useTagTree, useSetRecordTags, useApplyTags, flattenTags } from './tags.api.ts';
export { ApplyTagsButton } from './components/apply-tags-dialog.tsx';
