import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { GlobalSearch } from '../features/records/search/components/global-search.tsx';

/** The header's search at phone width (issue 29): a full-screen sheet with the search box focused, not an icon-sized box. */
export function PhoneSearchSheet({ open, onClose, orgId }: { open: boolean; onClose: () => void; orgId: string }) {
  const { t } = useTranslation('common');
  return (
    <Drawer open={open} onClose={onClose} placement="top" size="100%" title={t('layout.searchTitle')} className="phone-sheet phone-search-sheet" destroyOnHidden>
      <GlobalSearch orgId={orgId} autoFocus onChosen={onClose} />
    </Drawer>
  );
}
