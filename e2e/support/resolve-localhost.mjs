// Preload for snippets run by the journeys: resolves every `*.localhost` name to loopback, as RFC 6761
// section 6.3 asks and as browsers, systemd-resolved and glibc's nss-myhostname do. This machine's resolver
// does not, so without it a Node.js client could not reach `{service}.{region}.localhost` here.
import dns from 'node:dns';

const lookup = dns.lookup;
dns.lookup = function lookupLocalhost(hostname, options, callback) {
  if (typeof hostname === 'string' && hostname.endsWith('.localhost')) {
    const done = typeof options === 'function' ? options : callback;
    const all = typeof options === 'object' && options !== null && options.all;
    if (all) done(null, [{ address: '127.0.0.1', family: 4 }]);
    else done(null, '127.0.0.1', 4);
    return {};
  }
  return lookup.call(this, hostname, options, callback);
};
