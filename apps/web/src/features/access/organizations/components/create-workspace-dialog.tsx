import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { teamPlan } from '@lodestar/contract';
import { useProfile } from '../../../../shared/profile.api.ts';
import { useCreateOrganization } from '../organizations.api.ts';
import { CreateWorkspaceForm } from './create-workspace-form.tsx';
import { goToWorkspaceHome } from '../workspace-home.ts';

export function CreateWorkspaceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('organizations');
  const profile = useProfile();
  const create = useCreateOrganization(t('notices.created'));
  return (
    <Modal open={open} title={t('createTitle')} onCancel={onClose} footer={null} destroyOnHidden maskClosable={false}>
      <CreateWorkspaceForm
        canInviteMembers={profile.data?.purchaseInfo.productId === teamPlan}
        submitting={create.isPending}
        onCancel={onClose}
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: (created) => goToWorkspaceHome(created.orgId),
          })
        }
      />
    </Modal>
  );
}
