/** The departments feature's public surface. */
export { DepartmentsCard } from './components/departments-card.tsx';
export { DepartmentTreeSelect } from './components/department-select.tsx';
export { departmentKeys, useDepartments } from './departments.api.ts';
