export { NodeClient, type NodeTarget } from './node-client.ts';
export { NODE_PREFIX, type NodeScope } from './protocol.ts';
export { RemoteRetriever, RemoteStore } from './remote-store.ts';
