/** The departments feature's public surface. */
export { DepartmentsCard } from './components/departments-card.tsx';
export { DepartmentTreeSelect } from './components/department-select.tsx';
export { useDepartments } from './departments.api.ts';
