/** The spec's update failure, or the conflict message when someone else saved first. */
export function updateErrorMessage(error: unknown): string {
  const e = error as { status?: number; message?: string } | null;
  return e?.status === 409 && e.message ? e.message : 'Error updating product';
}
