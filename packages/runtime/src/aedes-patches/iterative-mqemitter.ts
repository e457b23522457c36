import mqemitter, { type MQEmitter, type Message } from 'mqemitter';
import { Fifo } from './fifo';

/** aedes' default: at most this many messages are being delivered at once, later ones wait in the emitter's queue. */
const AEDES_CONCURRENCY = 100;

type DoMessage = (message: Message, callback: (error?: Error) => void) => unknown;

/**
 * aedes' message emitter (mqemitter, as aedes builds it) with its queue drained iteratively.
 *
 * mqemitter delivers at most `concurrency` messages at once and queues the rest; when a delivery completes it takes
 * the next queued message from inside the completion callback. A queued message whose deliveries complete at once
 * (no subscriber, QoS 0 subscribers, a synchronous `published` hook) completes inside that call and takes the next
 * one, so a queue of a few thousand such messages (a burst while slow subscribers hold the 100 slots) becomes a
 * call chain thousands deep: `RangeError: Maximum call stack size exceeded` (seen in aedes `callPublished`,
 * issue 14). Here a delivery started while another is on the stack is deferred and started by the outermost one
 * when it returns, in the same order and the same event-loop turn: the stack stays flat whatever the queue's length.
 * Its queues are O(1) FIFOs (fifo.ts) so that a long queue also drains in linear time.
 */
export function createIterativeMqemitter(): MQEmitter {
  // MQTT 3.1.1 section 4.7.1.3 (matchEmptyLevels): "a/+" matches "a/", as aedes configures it.
  const emitter = mqemitter({ concurrency: AEDES_CONCURRENCY, matchEmptyLevels: true });
  const internals = emitter as unknown as {
    _do: DoMessage;
    _messageQueue: Fifo<Message>;
    _messageCallbacks: Fifo<(error?: Error) => void>;
  };
  internals._messageQueue = new Fifo();
  internals._messageCallbacks = new Fifo();
  const start = internals._do.bind(emitter);
  const deferred = new Fifo<[Message, (error?: Error) => void]>();
  let isRunning = false;
  internals._do = (message, callback) => {
    if (isRunning) {
      deferred.push([message, callback]);
      return emitter;
    }
    isRunning = true;
    try {
      start(message, callback);
      for (let next = deferred.shift(); next !== undefined; next = deferred.shift()) {
        start(next[0], next[1]);
      }
    } finally {
      isRunning = false;
    }
    return emitter;
  };
  return emitter;
}
