// jest globalTeardown: stops the containers jest.containers.mts started (same process).
export { stopContainers as default } from './jest.containers.mts';
