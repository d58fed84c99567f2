import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '@/components/toast/toast-store';
import { TestEventSource } from './event-source';

// Testing Library unmounts after each test by itself only where Vitest's globals are on.
afterEach(cleanup);

// A query waits for what a person would see; the first render of a route transforms its modules,
// which takes seconds on a busy machine. The limit is for a state that never comes.
configure({ asyncUtilTimeout: 15_000 });

vi.stubGlobal('EventSource', TestEventSource);
afterEach(() => TestEventSource.open.clear());

// The component files share one module graph (isolate: false): a toast still showing when a test
// ends would show again in the next file's app.
afterEach(() => dismissToast());
