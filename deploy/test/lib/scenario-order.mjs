// The compose scenarios run in the order an operator meets them: the cold start first (it brings
// the shared project up), the monitoring profile last (it
// leaves svc-volunteer at two replicas). Files not listed run after, by name.
import TestSequencer from '@jest/test-sequencer';

const ORDER = [
  'cold-start',
  'crash-recovery',
  'redeploy-remote',
  'redeploy-service',
  'scale-out',
  'rolling-restart',
  'monitoring',
];

const rank = (test) => {
  const name = test.path.split('/').pop();
  const index = ORDER.findIndex((prefix) => name.startsWith(prefix));
  return index < 0 ? ORDER.length : index;
};

export default class ScenarioOrder extends (TestSequencer.default ?? TestSequencer) {
  sort(tests) {
    return [...tests].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
  }
}
