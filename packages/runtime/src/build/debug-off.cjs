'use strict';
// The `debug` package as the bundled runtime needs it: always off. aedes and mqtt-packet call a debug function per
// packet, and the real one re-checks its namespace on each call (~7 % of the CPU in a QoS 1 burst, issue 14); the
// runtime never enables DEBUG output (its log is JSON lines, log.ts).
function createDebug() {
  const debug = function () {};
  debug.enabled = false;
  debug.extend = createDebug;
  debug.log = function () {};
  return debug;
}
createDebug.enable = function () {};
createDebug.disable = function () {
  return '';
};
createDebug.enabled = function () {
  return false;
};
module.exports = createDebug;
module.exports.default = createDebug;
