import './console.css';
import mqtt, { type MqttClient } from 'mqtt';
import {
  CONSOLE_SSO_LOGIN_PARAM,
  CONSOLE_SSO_TOKEN_PATH,
  CONSOLE_TOKEN_USERNAME,
  SYS_SERVER_TOPIC,
  SYS_SESSIONS_TOPIC,
  type SysServerInfo,
  type SysSessionsInfo,
} from '@herald/contract/console/console-wire';
import { TOPIC_LIMIT, createTopicStore } from './topic-store';

/**
 * The service's own console (docs/decisions/020), served at the service host's `/`: it speaks MQTT over WebSocket
 * to `/mqtt` on this host, signed in by single sign-on (`?sso-login`: the token waits in a 30-second cookie that
 * `/_console/sso-token` hands over once) or by an admin principal's username and password. Plain DOM: no framework
 * for three tables.
 */
const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const view = {
  title: element('title'),
  connection: element('connection'),
  signOut: element<HTMLButtonElement>('sign-out'),
  login: element('login'),
  loginForm: element<HTMLFormElement>('login-form'),
  username: element<HTMLInputElement>('username'),
  password: element<HTMLInputElement>('password'),
  loginError: element('login-error'),
  console: element('console'),
  server: element('server'),
  serverNote: element('server-note'),
  sessions: element<HTMLTableElement>('sessions'),
  sessionsNote: element('sessions-note'),
  topics: element<HTMLTableElement>('topics'),
  topicsNote: element('topics-note'),
};

const ADMIN_NEEDED = 'Server information and sessions need an administrator.';
let client: MqttClient | null = null;
let server: SysServerInfo | null = null;
let topics = createTopicStore();
let renderQueued = false;

function setConnection(text: string, state: 'connecting' | 'connected' | 'failed' | 'idle') {
  view.connection.textContent = text;
  view.connection.dataset.state = state;
}

function showLogin(message = '') {
  view.console.hidden = true;
  view.signOut.hidden = true;
  view.login.hidden = false;
  view.loginError.textContent = message;
  setConnection('Not connected', 'idle');
  view.username.focus();
}

function cell(row: HTMLTableRowElement, label: string, text: string, className?: string) {
  const td = row.insertCell();
  td.textContent = text;
  td.dataset.label = label;
  if (className) td.className = className;
}

function time(value: string | Date) {
  return new Date(value).toLocaleString();
}

function duration(seconds: number) {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${minutes} min ${seconds % 60} s`;
}

function renderServer() {
  if (server === null) return;
  const uptime = Math.max(0, Math.floor((Date.now() - Date.parse(server.startedAt)) / 1000));
  const facts: [string, string][] = [
    ['Service', server.serviceName],
    ['Version', server.version],
    ['Uptime', duration(uptime)],
    ['Sessions', String(server.sessions)],
    ['Topics', String(server.topics)],
    ['Capacity', `${server.topics} of ${server.topicsCapacity} topics`],
  ];
  view.server.replaceChildren(
    ...facts.map(([name, value]) => {
      const group = document.createElement('div');
      const dt = document.createElement('dt');
      const dd = document.createElement('dd');
      dt.textContent = name;
      dd.textContent = value;
      group.append(dt, dd);
      return group;
    }),
  );
  view.title.textContent = `${server.serviceName} console`;
  document.title = `${server.serviceName} · Console · Herald Cloud`;
}

function renderTopics() {
  renderQueued = false;
  const rows = topics.rows();
  const body = view.topics.tBodies[0]!;
  body.replaceChildren();
  for (const topic of rows) {
    const row = body.insertRow();
    cell(row, 'Path', topic.path);
    cell(row, 'Value', topic.value, 'value');
    cell(row, 'Updated', time(topic.updatedAt));
  }
  view.topics.hidden = rows.length === 0;
  view.topicsNote.textContent =
    rows.length === 0
      ? 'No topics yet. Publish a value to any topic and it appears here.'
      : topics.overflow > 0
        ? `Showing the first ${TOPIC_LIMIT} topics; ${topics.overflow} more are not shown.`
        : `${rows.length} ${rows.length === 1 ? 'topic' : 'topics'}, updated live.`;
}

function queueTopics() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(renderTopics);
}

function onSysMessage(topic: string, payload: Uint8Array) {
  // The runtime's own JSON (contract console/console.schema.ts pins its shape in the runtime's tests).
  const json = JSON.parse(new TextDecoder().decode(payload)) as unknown;
  if (typeof json !== 'object' || json === null) return;
  if (topic === SYS_SERVER_TOPIC) {
    server = json as SysServerInfo;
    renderServer();
    return;
  }
  if (topic !== SYS_SESSIONS_TOPIC) return;
  const { total, sessions } = json as SysSessionsInfo;
  if (!Array.isArray(sessions)) return;
  const body = view.sessions.tBodies[0]!;
  body.replaceChildren();
  for (const session of sessions) {
    const row = body.insertRow();
    cell(row, 'Client', session.clientId);
    cell(row, 'Principal', session.principal);
    cell(row, 'Transport', session.transport === 'WEBSOCKET' ? 'WebSocket' : 'TCP');
    cell(row, 'Connected', time(session.connectedAt));
  }
  view.sessions.hidden = false;
  view.sessionsNote.hidden = total <= sessions.length;
  view.sessionsNote.textContent = `Showing the oldest ${sessions.length} of ${total} sessions.`;
}

function refusalText(code: number | undefined, bySso: boolean) {
  if (bySso) return 'The service refused the sign-in. Open the console again from the dashboard.';
  if (code === 5)
    return 'Sign-in refused: too many failed attempts or no access. Wait a minute and try again.';
  return 'Wrong username or password.';
}

function connect(username: string, password: string, bySso: boolean) {
  client?.end(true);
  topics = createTopicStore();
  server = null;
  setConnection('Connecting…', 'connecting');
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const session = mqtt.connect(`${scheme}://${location.host}/mqtt`, {
    username,
    password,
    protocolVersion: 4,
    clean: true,
    clientId: `console-${crypto.randomUUID().slice(0, 8)}`,
    // A refused sign-in is final; a dropped connection is retried by hand (Sign in again).
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
  client = session;
  let connected = false;
  session.on('connect', () => {
    connected = true;
    view.login.hidden = true;
    view.console.hidden = false;
    view.signOut.hidden = false;
    view.password.value = '';
    setConnection(`Connected as ${bySso ? 'you (single sign-on)' : username}`, 'connected');
    renderTopics();
    session.subscribe([SYS_SERVER_TOPIC, SYS_SESSIONS_TOPIC], { qos: 0 }, (error) => {
      if (!error) return;
      // A SUBACK failure code: $SYS/ is for ADMINISTRATOR sessions only.
      view.serverNote.hidden = false;
      view.serverNote.textContent = ADMIN_NEEDED;
      view.sessionsNote.hidden = false;
      view.sessionsNote.textContent = ADMIN_NEEDED;
      view.title.textContent = 'Service console';
    });
    session.subscribe('#', { qos: 0 }, (error) => {
      if (error) view.topicsNote.textContent = 'This sign-in may not read topics.';
    });
  });
  session.on('message', (topic, payload) => {
    if (topic.startsWith('$SYS/')) {
      onSysMessage(topic, payload);
      return;
    }
    if (payload.length === 0) topics.remove(topic);
    else topics.update(topic, payload, new Date());
    queueTopics();
  });
  session.on('error', (error) => {
    const code = (error as { code?: number }).code;
    session.end(true);
    if (!connected) showLogin(refusalText(code, bySso));
  });
  session.on('close', () => {
    if (client !== session) return;
    if (connected) setConnection('Disconnected. Reload the page to connect again.', 'failed');
    else if (!view.loginError.textContent) showLogin('The service did not answer. Try again.');
  });
}

async function signInBySso() {
  setConnection('Signing in…', 'connecting');
  // The flag is spent: a reload must not try a token that is gone.
  history.replaceState(null, '', '/');
  try {
    const response = await fetch(CONSOLE_SSO_TOKEN_PATH, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(String(response.status));
    const { token } = (await response.json()) as { token: string };
    connect(CONSOLE_TOKEN_USERNAME, token, true);
  } catch {
    showLogin(
      'The single sign-on expired. Open the console again from the dashboard, or sign in below.',
    );
  }
}

view.loginForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const username = view.username.value.trim();
  if (!username || !view.password.value) {
    view.loginError.textContent = 'Enter your username and password.';
    return;
  }
  view.loginError.textContent = '';
  connect(username, view.password.value, false);
});

view.signOut.addEventListener('click', () => {
  const session = client;
  client = null;
  session?.end(true);
  showLogin();
});

setInterval(renderServer, 1_000);
if (new URLSearchParams(location.search).has(CONSOLE_SSO_LOGIN_PARAM)) void signInBySso();
else showLogin();
