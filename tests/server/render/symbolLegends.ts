// Test legends with a point symbol per class (config/legends.yaml `symbol`), each class in a
// colour of its own so a test can find its mark in a rendered image (symbolShapes.ts).
import type { Legend } from '../../../src/engine/types.ts';

/** Classes by code: every shape, each in a colour of its own. */
export const BY_CODE: Legend = {
  id: 'test-kind',
  title: 'ชนิดจุด',
  type: 'circle',
  field: 'kind',
  items: [
    { label: 'สี่เหลี่ยม', code: 'sq', color: '#00A000', symbol: 'square' },
    { label: 'สามเหลี่ยมชี้ขึ้น', code: 'up', color: '#C000C0', symbol: 'triangle-up' },
    { label: 'สามเหลี่ยมชี้ลง', code: 'down', color: '#0000E0', symbol: 'triangle-down' },
    { label: 'ข้าวหลามตัด', code: 'dia', color: '#E07000', symbol: 'diamond' },
    { label: 'วงกลม', code: 'ci', color: '#E00000' },
  ],
};

/** Classes by range of a number (min < v <= max). */
export const BY_RANGE: Legend = {
  id: 'test-kg',
  title: 'ขยะ (กก.)',
  type: 'circle',
  field: 'litter_kg',
  items: [
    { label: 'ไม่เกิน 10 กก.', max: 10, color: '#00A000', symbol: 'square' },
    { label: 'มากกว่า 10 กก.', min: 10, color: '#C000C0', symbol: 'triangle-down' },
  ],
};
