/** The explainer's address for a subject (and a target): linkable, so other screens point at one answer. */
export function explainHref(serviceId: string, subject: string, target?: string): string {
  const query = new URLSearchParams({ subject, ...(target !== undefined && { target }) });
  return `/service/${serviceId}/roles/explain?${query.toString()}`;
}
