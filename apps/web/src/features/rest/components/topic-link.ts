/** The topic browser's page of a topic: each segment of its path encoded on its own, so `/` stays a separator. */
export function topicBrowserPath(serviceId: string, topicPath: string): string {
  return `/service/${encodeURIComponent(serviceId)}/topics/${topicPath.split('/').map(encodeURIComponent).join('/')}`;
}
