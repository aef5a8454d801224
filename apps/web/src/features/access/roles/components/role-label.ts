import { useTranslation } from 'react-i18next';
import type { MemberRole } from '@lodestar/contract';

/** A role as users read it: built-in roles translated, custom ones by their name. */
export function useRoleLabel(): (role: Pick<MemberRole, 'name' | 'builtIn'>) => string {
  const { t } = useTranslation('roles');
  return (role) => (role.builtIn ? t(`builtIn.${role.builtIn}`) : role.name);
}
