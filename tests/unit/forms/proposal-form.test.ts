// config/forms/proposal.yaml: the project-proposal form as data (SPEC.md §2, §3, §4, §5, §9).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { validatorFor } from '../../../src/loader/schemas.ts';
import type { FormDoc } from '../../../src/engine/types.ts';

const FORM_PATH = fileURLToPath(new URL('../../../config/forms/proposal.yaml', import.meta.url));
const formText = readFileSync(FORM_PATH, 'utf8');
const form = parse(formText) as FormDoc;

type Props = Record<string, Record<string, unknown>>;
/** The form's data schema (its `schema`, any JSON Schema to FormDoc), read as the parts this test checks. */
type DataSchema = { required: string[]; properties: Props; dependencies: Record<string, { oneOf: Array<{ properties: Props }> }> };
const { schema } = parse(formText) as { schema: DataSchema };

function compile(): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strict: false });
  // ajv-formats ships CommonJS; its default export may arrive wrapped under ESM interop.
  const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv.compile(form.schema);
}
const validate = compile();

/** A top-level property schema (fails loudly when missing). */
function prop(name: string): Record<string, unknown> {
  const p = schema.properties[name];
  if (!p) throw new Error(`schema.properties.${name} is missing`);
  return p;
}

function step(index: number): { title: string; fields: string[] } {
  const s = form.steps[index];
  if (!s) throw new Error(`step ${index + 1} is missing`);
  return s;
}

function errorsOf(data: unknown): ErrorObject[] {
  return validate(data) ? [] : [...(validate.errors ?? [])];
}

// SPEC §5, in the order given there.
const REQUIRED = [
  'projectName', 'coastalErosionStatus', 'coastalErosionCode', 'agenciesInformation', 'erosionLength',
  'existingCoastalProtectionStructures', 'projectObjectives', 'projectType', 'hasConstructionPlan', 'location',
  'coordinates', 'coordinatesEnd', 'projectShoreLength', 'beachSystem', 'beachSystemInfo', 'physicalCharacteristics',
  'physicalCharacteristicsInfo', 'coastalPreventionAlignment', 'operationPlan', 'budgetSourceOption',
];

// SPEC §3 erosion options, in the spec's order.
const EROSION_CODES = ['CI', 'DS', 'DS-LE', 'DS-ME', 'DS-SV', 'EQ', 'HA', 'LA', 'LE', 'ME', 'NT-HE', 'RA', 'RM', 'SV', 'MA'];

function validSample(): Record<string, unknown> {
  return {
    projectName: 'โครงการป้องกันการกัดเซาะชายฝั่งบ้านตัวอย่าง',
    coastalErosionStatus: 'ชายฝั่งถูกกัดเซาะต่อเนื่องในช่วงมรสุมตะวันออกเฉียงเหนือ',
    coastalErosionCode: 'SV กัดเซาะรุนแรง (มากกว่า 5 ม./ปี)',
    agenciesInformation: 'ข้อมูลจากกรมทรัพยากรทางทะเลและชายฝั่ง',
    erosionLength: 1250,
    existingCoastalProtectionStructures: 'กำแพงกันคลื่นยาว 200 เมตร',
    projectObjectives: 'เพื่อป้องกันการกัดเซาะชายฝั่ง',
    projectType: 'construction_without_eia',
    hasConstructionPlan: 'yes',
    location: 'บ้านตัวอย่าง ตำบลบ่อยาง อำเภอเมืองสงขลา จังหวัดสงขลา',
    coordinates: '7.198765, 100.595432',
    coordinatesEnd: '7.187654, 100.601234',
    mapImage: 'data:image/png;base64,iVBORw0KGgo=',
    projectShoreLength: 1390.52,
    beachSystem: 'T6/T6-1/T6-1-1',
    beachSystemInfo: 'ระบบหาดทรายยาวต่อเนื่อง',
    physicalCharacteristics: 'sand',
    physicalCharacteristicsInfo: 'หาดทรายละเอียด ความลาดชันต่ำ',
    coastalPreventionAlignment: 'erosion_prevention',
    beachUtilizationInfo: 'ชายหาดสาธารณะ',
    historicalSiteInfo: 'ไม่มี',
    touristAttractions: 'แหลมสมิหลา',
    conservationAreaInfo: 'ไม่อยู่ในพื้นที่อนุรักษ์',
    landUsePermissionProcess: 'l2',
    operationPlan: 'ปีที่ 1 ศึกษาและออกแบบ ปีที่ 2 ก่อสร้าง',
    budgetSourceOption: 'hasBudget',
    budgetSources: {
      normal: true,
      normalDetail: 'งบประมาณรายจ่ายประจำปี 2569',
      provincial: false,
      provincialDetail: '',
      other: true,
      otherDetail: 'องค์การบริหารส่วนจังหวัด',
    },
    supportRequestedFrom: 'กรมทรัพยากรทางทะเลและชายฝั่ง',
    budgetAmount: { b2569: 1000000, b2570: 2500000, b2571: 0, b2572: 0 },
    budgetDuration: 2,
    environmentalMitigation: 'ควบคุมตะกอนระหว่างก่อสร้าง',
    projectOwner: { name: { name: 'สมชาย ใจดี' }, phone: { phone: '0812345678' }, email: { email: 'somchai@example.com' } },
  };
}

/** Every top-level field the form can show: schema properties plus those declared in schema dependencies. */
function allTopLevelFields(): string[] {
  const fields = new Set(Object.keys(schema.properties));
  for (const dep of Object.values(schema.dependencies ?? {})) {
    for (const branch of dep.oneOf ?? []) for (const key of Object.keys(branch.properties ?? {})) fields.add(key);
  }
  return [...fields];
}

describe('project proposal form document (config/forms/proposal.yaml)', () => {
  it('§2 satisfies schemas/proposal.schema.json and starts with the yaml-language-server line', () => {
    expect(formText.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schemas/proposal.schema.json');
    const check = validatorFor('proposal');
    expect(check(form), JSON.stringify(check.errors)).toBe(true);
    expect(form.id).toBe('proposal');
  });

  it('§9 is for fiscal year 2569 with Thai title and messages', () => {
    expect(form.fiscalYear).toBe(2569);
    expect(form.title).toContain('2569');
    expect(form.title).toContain('แบบเสนอโครงการ');
    expect(form.messages?.coordinates).toBe('กรุณากรอกค่าพิกัดให้ถูกต้อง (lat,lng)');
    expect(form.messages?.required).toMatch(/[\u0E00-\u0E7F]/);
  });
});

describe('project proposal form data schema (SPEC.md §3, §5)', () => {
  it('§3 §5 a complete valid sample passes', () => {
    expect(errorsOf(validSample())).toEqual([]);
  });

  it('§5 a sample with only the required fields passes (everything else is optional)', () => {
    const sample = validSample();
    const minimal = Object.fromEntries(REQUIRED.map((k) => [k, sample[k]]));
    minimal.budgetSourceOption = 'noBudget';
    expect(errorsOf(minimal)).toEqual([]);
  });

  it('§5 the top-level required list is exactly the SPEC list', () => {
    expect([...schema.required].sort()).toEqual([...REQUIRED].sort());
  });

  it.each(REQUIRED)('§5 removing required field %s fails with a required error for it', (field) => {
    const sample = validSample();
    delete sample[field];
    if (field === 'budgetSourceOption') delete sample.budgetSources;
    const errors = errorsOf(sample);
    expect(errors.some((e) => e.keyword === 'required' && (e.params as { missingProperty: string }).missingProperty === field)).toBe(true);
  });

  const validCoords = ['13.7,100.5', '13.7, 100.5', '-90,180', '0,0', '90,-180', '13.736717, 100.523186', '-12.5,-179.999999'];
  const invalidCoords = ['91,0', '0,181', 'abc', '13.7,,100.5', '13.7 ,100.5', '13.7,  100.5', '90.1,0', '0,180.5', '13.7', '', '13.7,100.5,1', '--1,2'];

  for (const field of ['coordinates', 'coordinatesEnd']) {
    it.each(validCoords)(`§5 ${field} accepts '%s'`, (value) => {
      expect(errorsOf({ ...validSample(), [field]: value })).toEqual([]);
    });
    it.each(invalidCoords)(`§5 ${field} rejects '%s' with a pattern error`, (value) => {
      const errors = errorsOf({ ...validSample(), [field]: value });
      expect(errors.some((e) => e.keyword === 'pattern' && e.instancePath === `/${field}`)).toBe(true);
    });
  }

  it('§3 coastalErosionCode has the 15 erosion options, stored as full labels, in SPEC order', () => {
    const options = prop('coastalErosionCode').enum as string[];
    expect(options).toHaveLength(15);
    expect(options.map((label) => label.split(' ')[0])).toEqual(EROSION_CODES);
    for (const label of options) expect(label).toMatch(/^[A-Z]+(-[A-Z]+)? [\u0E00-\u0E7F]/);
    expect(options).toContain('CI การรุกล้ำชายหาด');
    expect(options).toContain('SV กัดเซาะรุนแรง (มากกว่า 5 ม./ปี)');
    expect(options).toContain('ME กัดเซาะปานกลาง (1 ถึง 5 ม./ปี)');
    // DS-LE says low erosion, correcting the 'moderate' label SPEC.md §3 reports (issue 16, docs/config.md).
    expect(options).toContain('DS-LE พื้นที่ที่ได้รับการแก้ไขแล้ว กัดเซาะน้อย (น้อยกว่า 1 ม./ปี)');
    expect(errorsOf({ ...validSample(), coastalErosionCode: 'SV' }).some((e) => e.keyword === 'enum')).toBe(true);
  });

  it('§3 projectType has the four group values with Thai titles', () => {
    const oneOf = prop('projectType').oneOf as Array<{ const: string; title: string }>;
    expect(oneOf.map((o) => o.const)).toEqual(['study_no_construction', 'study_environmental', 'construction_with_eia', 'construction_without_eia']);
    oneOf.forEach((o, i) => expect(o.title).toContain(`กลุ่มที่ ${i + 1}`));
    expect(errorsOf({ ...validSample(), projectType: 'other' })).not.toEqual([]);
  });

  it('§3 enumerations: hasConstructionPlan, physicalCharacteristics, coastalPreventionAlignment, landUsePermissionProcess, budgetSourceOption', () => {
    const consts = (f: string) => (prop(f).oneOf as Array<{ const: string; title: string }>).map((o) => o.const);
    const titles = (f: string) => (prop(f).oneOf as Array<{ const: string; title: string }>).map((o) => o.title);
    expect(consts('hasConstructionPlan')).toEqual(['yes', 'no']);
    expect(titles('physicalCharacteristics')).toEqual(['หาดหิน', 'หาดโคลน', 'หาดทราย', 'หาดทรายปนโคลน', 'หาดโคลนปนทราย', 'หาดทรายปนหิน', 'ปากแม่น้ำหรือปากคลอง']);
    expect(consts('coastalPreventionAlignment')).toHaveLength(4);
    expect(consts('landUsePermissionProcess')).toEqual(['l1', 'l2', 'l3']);
    expect(consts('budgetSourceOption')).toEqual(['hasBudget', 'noBudget']);
    for (const f of ['hasConstructionPlan', 'physicalCharacteristics', 'coastalPreventionAlignment', 'landUsePermissionProcess', 'budgetSourceOption']) {
      for (const t of titles(f)) expect(t).toMatch(/[\u0E00-\u0E7F]/);
    }
  });

  it('§3 numbers: lengths, budget amounts 2569-2572 and duration are numeric', () => {
    for (const f of ['erosionLength', 'projectShoreLength', 'budgetDuration']) expect(prop(f).type).toBe('number');
    const amounts = prop('budgetAmount').properties as Props;
    expect(Object.keys(amounts)).toEqual(['b2569', 'b2570', 'b2571', 'b2572']);
    expect(errorsOf({ ...validSample(), erosionLength: 'ยาว' }).some((e) => e.keyword === 'type')).toBe(true);
    expect(errorsOf({ ...validSample(), budgetAmount: { b2569: 'หนึ่งล้าน' } }).some((e) => e.keyword === 'type')).toBe(true);
  });

  it('§5 projectOwner email must be an email; mapImage must be a data URL', () => {
    expect(errorsOf({ ...validSample(), projectOwner: { email: { email: 'not-an-email' } } }).some((e) => e.keyword === 'format')).toBe(true);
    expect(errorsOf({ ...validSample(), mapImage: 'https://example.com/x.png' }).some((e) => e.instancePath === '/mapImage')).toBe(true);
  });

  it('§4 budgetSources is only valid with hasBudget', () => {
    const withSources = validSample();
    expect(errorsOf(withSources)).toEqual([]);
    expect(errorsOf({ ...withSources, budgetSourceOption: 'noBudget' })).not.toEqual([]);
    const noSources = validSample();
    delete noSources.budgetSources;
    expect(errorsOf({ ...noSources, budgetSourceOption: 'noBudget' })).toEqual([]);
    expect(errorsOf({ ...noSources, budgetSourceOption: 'hasBudget' })).toEqual([]);
    expect(errorsOf({ ...withSources, budgetSources: { normal: 'yes' } })).not.toEqual([]);
    // budgetSources is declared only in the hasBudget dependency branch, so rjsf shows it only then.
    expect(schema.properties.budgetSources).toBeUndefined();
    const branches = schema.dependencies.budgetSourceOption?.oneOf ?? [];
    const hasBudget = branches.find((b) => (b.properties.budgetSourceOption as { const: string }).const === 'hasBudget');
    expect(Object.keys((hasBudget?.properties.budgetSources as { properties: Props }).properties)).toEqual(
      ['normal', 'normalDetail', 'provincial', 'provincialDetail', 'other', 'otherDetail'],
    );
  });
});

describe('project proposal wizard steps and UI schema (SPEC.md §2, §4)', () => {
  it('§2 three steps with the Thai tab titles', () => {
    expect(form.steps.map((s) => s.title)).toEqual(['ข้อมูลทั่วไป', 'ที่ตั้ง', 'งบประมาณ']);
  });

  it('§2 §4 steps cover every top-level field exactly once', () => {
    const listed = form.steps.flatMap((s) => s.fields);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(allTopLevelFields().sort());
    expect(step(1).fields).toContain('mapImage');
  });

  it('§2 item numbers: 1-4 on step 1, 5-11 on step 2, 12-15 on step 3', () => {
    const itemNumbers = form.steps.map((s) =>
      s.fields
        .map((f) => (schema.properties[f]?.title as string | undefined)?.match(/^(\d+)\.\s/)?.[1])
        .filter((n): n is string => n !== undefined)
        .map(Number),
    );
    expect(itemNumbers).toEqual([[1, 2, 3, 4], [5, 6, 7, 8, 9, 10, 11], [12, 13, 14, 15]]);
    expect(step(0).fields).toContain('hasConstructionPlan');
    expect(step(1).fields.slice(0, 5)).toEqual(['location', 'coordinates', 'coordinatesEnd', 'mapImage', 'projectShoreLength']);
  });

  it('§4 ui:order follows the steps in order', () => {
    expect(form.uiSchema['ui:order']).toEqual(form.steps.flatMap((s) => s.fields));
  });

  it('§2 §4 custom widgets, radios, textareas and input types', () => {
    const ui = form.uiSchema as Record<string, Record<string, unknown>>;
    const w = (f: string, key: string) => ui[f]?.[key];
    expect(w('coordinates', 'ui:widget')).toBe('mapPoint');
    expect(w('coordinatesEnd', 'ui:widget')).toBe('mapPoint');
    expect(w('coordinates', 'ui:help')).toBe('ตัวอย่าง 13.736717, 100.523186');
    expect(w('beachSystem', 'ui:widget')).toBe('beachSystem');
    expect(w('mapImage', 'ui:widget')).toBe('mapImage');
    expect(w('budgetAmount', 'ui:field')).toBe('budgetTable');
    for (const f of ['projectType', 'hasConstructionPlan', 'physicalCharacteristics', 'coastalPreventionAlignment', 'landUsePermissionProcess', 'budgetSourceOption']) {
      expect(w(f, 'ui:widget'), f).toBe('radio');
    }
    for (const f of ['coastalErosionStatus', 'projectObjectives', 'operationPlan', 'environmentalMitigation']) {
      expect(w(f, 'ui:widget'), f).toBe('textarea');
    }
    const owner = ui.projectOwner as { phone: { phone: { 'ui:options': { inputType: string } } }; email: { email: { 'ui:options': { inputType: string } } } };
    expect(owner.phone.phone['ui:options'].inputType).toBe('tel');
    expect(owner.email.email['ui:options'].inputType).toBe('email');
  });
});
