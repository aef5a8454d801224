import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as departmentsRepository from './departments.repository.ts';

/*
 * The existence check members and privilege management need, apart from departments.service.ts (which
 * uses members to validate supervisors and move members), so neither imports the other both ways.
 */
export async function assertDepartmentExists(db: Db, orgId: string, departmentId: string): Promise<departmentsRepository.DepartmentRow> {
  const department = await departmentsRepository.findDepartment(db, orgId, departmentId);
  if (!department) throw new AppError('DEPARTMENT_NOT_FOUND');
  return department;
}
