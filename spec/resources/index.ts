/**
 * The resource model: which paths of a spec are collections, items and singletons, what each
 * operation does, which member fills an item's id, which parameters page and filter a list. Inferred
 * from paths and schemas, every inference with its reason, corrected by one config file that the mock
 * and the kit both read.
 * @packageDocumentation
 */
export { inferResources } from './infer-resources.js';
export { loadResourceConfig } from './load-resource-config.js';
export { findResourceConfig } from './find-resource-config.js';
export { resourceModelFor } from './resource-model-for.js';
export { ResourceConfigError } from './resource-config-error.js';
export { RESOURCE_CONFIG_SCHEMA } from './config.js';
export type { CollectionConfig, OperationConfig, ResourceConfig } from './config.js';
export { CRUD_ROLES } from './model.js';
export { envelopeHolder, envelopeItems, withEnvelopeItems } from './envelope.js';
export { isNarrowingName, isPageSizeName, isPagingName, mayEndSession, pageKindOf } from './_internals/naming.js';
export { isItemWrapperName } from './_internals/schema-members.js';
export { parameterOf, segmentsOf, singular } from './names.js';
export { firstOutOfOrder, inListOrder, orderKey, outsideRange, rangeBound } from './list-rules.js';
export type {
  CollectionModel,
  CrudRole,
  CursorModel,
  EnvelopeModel,
  ItemEnvelopeModel,
  FilterModel,
  IdKind,
  IdModel,
  ListOrderModel,
  RangeFilterModel,
  TextFilterModel,
  InferenceSource,
  OperationAssignment,
  OperationRole,
  PageModel,
  PageSizeModel,
  ParentModel,
  ResourceConfigIssue,
  ResourceModel,
  SingletonModel,
} from './model.js';
