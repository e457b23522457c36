/**
 * The provisioner port (ARCHITECTURE "Ports and their adapters"): it makes the `service` table's desired state
 * real and writes the truthful section 4 status back to it. The embedded default (local-provisioner.ts) is the
 * reconcile loop with the local process driver, each service's runtime a child process on loopback ports; a
 * Kubernetes driver would run pods under the same loop (docs/decisions/042).
 *
 * The database is the source of truth, so every request is a durable row change first (desired_state, a bumped
 * restart/reset generation, a scheduled version) followed by `reconcile(serviceId)`; a control plane that crashes
 * in between finishes the work when `start()` reconciles every service again.
 */
export interface Provisioner {
  /** Re-attaches to or restarts every service the database says should run, resumes pending work. */
  start(): Promise<void>;
  /** Acts on the service's row now (create, restart, reset, upgrade, suspend, resume, delete); returns at once. */
  reconcile(serviceId: string): void;
  /** Where the running runtime listens, for the WebSocket route and the admin API; null unless it is up. */
  endpointOf(serviceId: string): RuntimeEndpoint | null;
  /** Stops supervising and stops the runtimes it started (a graceful control-plane shutdown). */
  close(): Promise<void>;
}

export interface RuntimeEndpoint {
  /** Loopback HTTP port of the runtime: admin API, /metrics, MQTT over WebSocket at /mqtt. */
  httpPort: number;
  /** Loopback-or-HOST MQTT/TCP port. */
  mqttPort: number;
}
