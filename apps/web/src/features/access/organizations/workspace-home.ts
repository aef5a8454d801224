/** After creating or switching, the browser goes to the workspace's home (docs/product.md#screens). */
export function goToWorkspaceHome(orgId: string): void {
  window.location.assign(`/${orgId}/index`);
}
