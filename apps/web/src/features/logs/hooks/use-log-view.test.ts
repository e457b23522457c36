import { describe, expect, it } from 'vitest';
import { buildLogPage } from '../testing/log-factories';
import { initialState, logViewReducer, type LogViewState } from './use-log-view';

function received(state: LogViewState, page: ReturnType<typeof buildLogPage>, append: boolean) {
  return logViewReducer(state, { type: 'received', page, append, generation: state.generation });
}

describe('the log view state', () => {
  it('appends an older page asked for on the current list', () => {
    let state = received(initialState(), buildLogPage(300, 201, { cursor: 's201' }), false);
    const asked = state.generation;
    state = logViewReducer(state, { type: 'append-started' });
    state = logViewReducer(state, {
      type: 'received',
      page: buildLogPage(200, 101, { cursor: 's101' }),
      append: true,
      generation: asked,
    });
    expect(state.logs.logDetails.map((entry) => entry.id)).toHaveLength(200);
    expect(state.logs.metadata.cursor).toBe('s101');
    expect(state.logs.isAppending).toBe(false);
  });

  it('drops an older page that arrives after the live tail restarted the list (no gap)', () => {
    let state = received(initialState(), buildLogPage(300, 201, { cursor: 's201' }), false);
    const asked = state.generation;
    state = logViewReducer(state, { type: 'append-started' });
    // A full page of newer entries: lines were skipped between it and the list, so the list restarts from it.
    state = logViewReducer(state, {
      type: 'tail',
      page: buildLogPage(500, 401, { cursor: 's401' }),
    });
    state = logViewReducer(state, {
      type: 'received',
      page: buildLogPage(200, 101, { cursor: 's101' }),
      append: true,
      generation: asked,
    });
    const ids = state.logs.logDetails.map((entry) => Number(entry.id));
    expect(ids[0]).toBe(500);
    expect(ids.at(-1)).toBe(401);
    expect(state.logs.metadata.cursor).toBe('s401');
    expect(state.logs.isAppending).toBe(false);
  });

  it('keeps appending after a tail that only added a few entries', () => {
    let state = received(initialState(), buildLogPage(300, 201, { cursor: 's201' }), false);
    state = logViewReducer(state, { type: 'tail', page: buildLogPage(303, 301) });
    state = logViewReducer(state, { type: 'append-started' });
    state = received(state, buildLogPage(200, 101, { cursor: 's101' }), true);
    expect(state.logs.logDetails).toHaveLength(203);
  });
});
