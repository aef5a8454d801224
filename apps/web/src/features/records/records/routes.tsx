import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { RecordEntity } from './record-entities.ts';

/** A record's routes under the org layout (docs/product.md#screens): /{path} → list, /{path}/list, /{path}/detail/{id}. */
export function recordRoutes(entity: RecordEntity, ListPage: ComponentType, DetailPage: ComponentType): RouteObject[] {
  return [
    { path: entity.path, element: <Navigate to="list" replace /> },
    { path: `${entity.path}/list`, element: <ListPage /> },
    { path: `${entity.path}/detail/:id`, element: <DetailPage /> },
  ];
}
