// Jsonix mapping modules for the WFS 1.0.0 capabilities document, which ogc-schemas lacks (its
// WFS_1_0_0 maps the requests and the feature collection only): the types of OGC's
// WFS-capabilities.xsd 1.0.0 and of filterCapabilities.xsd 1.0.0 written out by hand, element by
// element, so ogcSchemas.ts checks the 1.0.0 capabilities as strictly as the other versions
// (every element, attribute and text where the schema declares it; like the generated mappings,
// not element order or cardinality).

const WFS = 'http://www.opengis.net/wfs';
const OGC = 'http://www.opengis.net/ogc';

type Property = Record<string, unknown>;
const element = (en: string, ti = 'String', col = false): Property => ({ n: `e_${en}`, en, ti, ...(col ? { col: true } : {}) });
const attribute = (name: string): Property => ({ n: `a_${name}`, an: { lp: name }, t: 'a' });
const empty = (ln: string) => ({ ln, ps: [] as Property[] });
const classOf = (ln: string, ps: Property[]) => ({ ln, ps });

/** A DCPType list (every request element has one), after `before`. */
const request = (ln: string, before: Property[] = []) => classOf(ln, [...before, element('DCPType', '.DCPTypeType', true)]);

const wfs = {
  n: 'WFS_1_0_0_Capabilities',
  dens: WFS,
  tis: [
    classOf('WFS_CapabilitiesType', [
      element('Service', '.ServiceType'),
      element('Capability', '.CapabilityType'),
      element('FeatureTypeList', '.FeatureTypeListType'),
      { n: 'filterCapabilities', en: { lp: 'Filter_Capabilities', ns: OGC }, ti: 'Filter_1_0_0_Capabilities.Filter_Capabilities' },
      attribute('version'),
      attribute('updateSequence'),
    ]),
    classOf('ServiceType', ['Name', 'Title', 'Abstract', 'Keywords', 'OnlineResource', 'Fees', 'AccessConstraints'].map((n) => element(n))),
    classOf('CapabilityType', [element('Request', '.RequestType'), element('VendorSpecificCapabilities')]),
    classOf('RequestType', [
      element('GetCapabilities', '.GetCapabilitiesType', true),
      element('DescribeFeatureType', '.DescribeFeatureTypeType', true),
      element('Transaction', '.GetCapabilitiesType', true),
      element('GetFeature', '.GetFeatureTypeType', true),
      element('GetFeatureWithLock', '.GetFeatureTypeType', true),
      element('LockFeature', '.GetCapabilitiesType', true),
    ]),
    request('GetCapabilitiesType'),
    request('DescribeFeatureTypeType', [element('SchemaDescriptionLanguage', '.SchemaDescriptionLanguageType')]),
    request('GetFeatureTypeType', [element('ResultFormat', '.ResultFormatType')]),
    classOf('DCPTypeType', [element('HTTP', '.HTTPType')]),
    classOf('HTTPType', [element('Get', '.OnlineResourceType', true), element('Post', '.OnlineResourceType', true)]),
    classOf('OnlineResourceType', [attribute('onlineResource')]),
    classOf('SchemaDescriptionLanguageType', [element('XMLSCHEMA', '.EmptyType', true)]),
    // the one result format the schema declares
    classOf('ResultFormatType', [element('GML2', '.EmptyType', true)]),
    classOf('FeatureTypeListType', [element('Operations', '.OperationsType'), element('FeatureType', '.FeatureTypeType', true)]),
    classOf('OperationsType', ['Insert', 'Update', 'Delete', 'Query', 'Lock'].map((n) => element(n, '.EmptyType', true))),
    classOf('FeatureTypeType', [
      ...['Name', 'Title', 'Abstract', 'Keywords', 'SRS'].map((n) => element(n)),
      element('Operations', '.OperationsType'),
      element('LatLongBoundingBox', '.LatLongBoundingBoxType', true),
      element('MetadataURL', '.MetadataURLType', true),
    ]),
    classOf('LatLongBoundingBoxType', ['minx', 'miny', 'maxx', 'maxy'].map(attribute)),
    classOf('MetadataURLType', [{ n: 'value', t: 'v' }, attribute('type'), attribute('format')]),
    empty('EmptyType'),
  ],
  eis: [{ en: 'WFS_Capabilities', ti: '.WFS_CapabilitiesType' }],
};

const SPATIAL = ['BBOX', 'Equals', 'Disjoint', 'Intersect', 'Touches', 'Crosses', 'Within', 'Contains', 'Overlaps', 'Beyond', 'DWithin'];
const filter = {
  n: 'Filter_1_0_0_Capabilities',
  dens: OGC,
  tis: [
    { ln: 'Filter_Capabilities', tn: null, ps: [element('Spatial_Capabilities', '.Spatial_CapabilitiesType'), element('Scalar_Capabilities', '.Scalar_CapabilitiesType')] },
    classOf('Spatial_CapabilitiesType', [element('Spatial_Operators', '.Spatial_OperatorsType')]),
    classOf('Spatial_OperatorsType', SPATIAL.map((n) => element(n, '.EmptyType', true))),
    classOf('Scalar_CapabilitiesType', [
      element('Logical_Operators', '.EmptyType', true),
      element('Comparison_Operators', '.Comparison_OperatorsType', true),
      element('Arithmetic_Operators', '.Arithmetic_OperatorsType', true),
    ]),
    classOf('Comparison_OperatorsType', ['Simple_Comparisons', 'Like', 'Between', 'NullCheck'].map((n) => element(n, '.EmptyType', true))),
    classOf('Arithmetic_OperatorsType', [element('Simple_Arithmetic', '.EmptyType', true), element('Functions', '.FunctionsType', true)]),
    classOf('FunctionsType', [element('Function_Names', '.Function_NamesType')]),
    classOf('Function_NamesType', [element('Function_Name', '.Function_NameType', true)]),
    classOf('Function_NameType', [{ n: 'value', t: 'v' }, attribute('nArgs')]),
    empty('EmptyType'),
  ],
  eis: [{ en: 'Filter_Capabilities', ti: '.Filter_Capabilities' }],
};

/** The two modules, to pass as `extra` to checkDocument (with no schema names of ogc-schemas). */
export const WFS_1_0_0_CAPABILITIES: readonly unknown[] = [wfs, filter];
