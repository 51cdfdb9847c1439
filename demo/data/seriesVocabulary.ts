// The series some categories are made of, as the monitored software names them: the pods of a
// cluster's kube-system namespace beside the applications', the JMX MBeans a Kafka broker exposes, the
// requests an API server counts. An agent has one series per entry, and each entry gives the values of
// the columns it names (when the category has those columns), so a dashboard's query that picks
// `component: etcd` or `name: UnderReplicatedPartitions` finds that series as it would on the service.
// These are fixed facts of the data set: a query never adds a value here.

/** One series: column → value. */
export type SeriesEntry = Readonly<Record<string, string | number>>;

const POD_SERIES: readonly SeriesEntry[] = [
  {
    namespace: 'shop',
    name: 'orders-api',
    component: 'orders-api',
    phase: 'Running',
    qosClass: 'Guaranteed',
  },
  { namespace: 'kube-system', name: 'etcd', component: 'etcd', phase: 'Running', qosClass: 'Burstable' },
  {
    namespace: 'kube-system',
    name: 'kube-apiserver',
    component: 'kube-apiserver',
    phase: 'Running',
    qosClass: 'Burstable',
  },
  {
    namespace: 'kube-system',
    name: 'coredns',
    component: 'coredns',
    phase: 'Running',
    qosClass: 'Burstable',
  },
  {
    namespace: 'default',
    name: 'report-batch',
    component: 'report-batch',
    phase: 'Succeeded',
    qosClass: 'BestEffort',
  },
];

const KAFKA_SERVER_SERIES: readonly SeriesEntry[] = [
  { type: 'ReplicaManager', name: 'UnderReplicatedPartitions' },
  { type: 'ReplicaManager', name: 'UnderMinIsrPartitionCount' },
  { type: 'ReplicaManager', name: 'IsrShrinksPerSec' },
  { type: 'ReplicaManager', name: 'LeaderCount' },
  { type: 'KafkaRequestHandlerPool', name: 'RequestHandlerAvgIdlePercent' },
  { type: 'SessionExpireListener', name: 'ZooKeeperExpiresPerSec' },
  { type: 'SessionExpireListener', name: 'ZooKeeperSyncConnectsPerSec' },
  { type: 'BrokerTopicMetrics', name: 'MessagesInPerSec' },
  { type: 'BrokerTopicMetrics', name: 'BytesInPerSec' },
];

const KAFKA_CONTROLLER_SERIES: readonly SeriesEntry[] = [
  { type: 'KafkaController', name: 'ActiveControllerCount' },
  { type: 'KafkaController', name: 'OfflinePartitionsCount' },
  { type: 'ControllerStats', name: 'UncleanLeaderElectionsPerSec' },
  { type: 'ControllerStats', name: 'LeaderElectionRateAndTimeMs' },
];

const KAFKA_NETWORK_SERIES: readonly SeriesEntry[] = [
  { type: 'RequestMetrics', name: 'RequestsPerSec', request: 'Produce' },
  { type: 'RequestMetrics', name: 'RequestsPerSec', request: 'FetchConsumer' },
  { type: 'RequestMetrics', name: 'ErrorsPerSec', request: 'Produce' },
  { type: 'SocketServer', name: 'NetworkProcessorAvgIdlePercent' },
  { type: 'RequestChannel', name: 'RequestQueueSize' },
];

/** A database server's counters per database, and their sum over all of them. */
const DATABASE_COUNTER_SERIES: readonly SeriesEntry[] = [
  { dbName: 'TOTAL' },
  { dbName: 'orders' },
  { dbName: 'inventory' },
];

const APISERVER_REQUEST_SERIES: readonly SeriesEntry[] = [
  { verb: 'GET', code: 200, resource: 'pods', subresource: '' },
  { verb: 'LIST', code: 200, resource: 'nodes', subresource: '' },
  { verb: 'WATCH', code: 200, resource: 'configmaps', subresource: '' },
  { verb: 'POST', code: 201, resource: 'events', subresource: '' },
  { verb: 'PATCH', code: 200, resource: 'pods', subresource: 'status' },
  { verb: 'GET', code: 304, resource: 'namespaces', subresource: '' },
  { verb: 'GET', code: 404, resource: 'secrets', subresource: '' },
  { verb: 'PUT', code: 409, resource: 'leases', subresource: '' },
  { verb: 'POST', code: 500, resource: 'pods', subresource: 'eviction' },
];

const VSPHERE_CPU_SERIES: readonly SeriesEntry[] = [{ cpu: 'instance-total' }, { cpu: '0' }, { cpu: '1' }];

/** By category name; the first pattern that matches decides. */
const VOCABULARY: readonly (readonly [RegExp, readonly SeriesEntry[]])[] = [
  [/^kube_pod$/, POD_SERIES],
  [/^telegraf_kafka_controller/, KAFKA_CONTROLLER_SERIES],
  [/^telegraf_kafka_network/, KAFKA_NETWORK_SERIES],
  [/^telegraf_kafka_/, KAFKA_SERVER_SERIES],
  [/apiserver_request/, APISERVER_REQUEST_SERIES],
  [/^db_postgresql_counter/, DATABASE_COUNTER_SERIES],
  [/^telegraf_vsphere_(host|vm)_cpu/, VSPHERE_CPU_SERIES],
];

/** The series a category is made of, or undefined when its series are generated from its columns alone. */
export function seriesVocabulary(category: string): readonly SeriesEntry[] | undefined {
  return VOCABULARY.find(([pattern]) => pattern.test(category))?.[1];
}
