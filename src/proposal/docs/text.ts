/**
 * The words of the generated documents that are not form labels (headings of the instructions,
 * type names, how-to sentences). Item titles, option titles, help texts, placeholders and
 * validation messages come from config/forms/proposal.yaml.
 */
export const DOC_TEXT = {
  instructionsTitle: 'คำแนะนำการกรอกแบบเสนอโครงการ',
  instructionsIntro: [
    'เอกสารนี้อธิบายการกรอกแบบเสนอโครงการทีละข้อ ตามลำดับในแบบฟอร์ม',
    'กรอกแบบฟอร์มออนไลน์ได้ที่หน้า “แบบเสนอโครงการ” ซึ่งแบ่งเป็น 3 ขั้นตอน เมื่อกรอกครบแล้วกด “สร้างรายงาน” เพื่อดาวน์โหลดแบบเสนอโครงการ (PDF 3 หน้า) หรือพิมพ์แบบฟอร์มเปล่าแล้วกรอกด้วยลายมือ',
    'ข้อที่มีเครื่องหมาย * เป็นข้อที่ต้องกรอก',
  ],
  stepHeading: (n: number, title: string, items: string) => `ขั้นตอนที่ ${n} ${title}${items ? ` (ข้อ ${items})` : ''}`,
  required: 'ต้องกรอก',
  optional: 'ไม่บังคับ',
  requiredMark: '*',
  typeLabel: 'ชนิดข้อมูล',
  howLabel: 'วิธีกรอก',
  optionsLabel: 'ตัวเลือก',
  fieldsLabel: 'รายการที่กรอก',
  exampleLabel: 'ตัวอย่าง/คำแนะนำในช่องกรอก',
  messageLabel: 'หากกรอกไม่ถูกต้อง ระบบจะแจ้งว่า',
  requiredMessageLabel: 'หากเว้นว่าง ระบบจะแจ้งว่า',
  types: {
    text: 'ข้อความ (บรรทัดเดียว)',
    textarea: 'ข้อความ (หลายบรรทัด)',
    number: 'ตัวเลข',
    choice: 'เลือก 1 ตัวเลือก',
    coordinates: 'พิกัดละติจูด, ลองจิจูด (องศาทศนิยม)',
    image: 'ภาพแผนที่ (ไม่บังคับ)',
    amounts: 'ตารางจำนวนเงิน (บาท)',
    checks: 'เลือกได้มากกว่า 1 ข้อ พร้อมรายละเอียด',
    group: 'ข้อมูลติดต่อ',
  },
  leafTypes: {
    string: 'ข้อความ',
    number: 'ตัวเลข',
    integer: 'จำนวนเต็ม',
    boolean: 'ช่องทำเครื่องหมาย',
    tel: 'หมายเลขโทรศัพท์',
    email: 'อีเมล',
  } as Record<string, string>,
  nonNegative: 'ตัวเลขไม่ติดลบ',
  minimum: (n: number) => `ค่าต้องไม่น้อยกว่า ${n.toLocaleString('th-TH')}`,
  coordinatesHow:
    'กรอกเป็น ละติจูด,ลองจิจูด เป็นองศาทศนิยม (ละติจูด -90 ถึง 90 ลองจิจูด -180 ถึง 180) เว้นวรรคหลังเครื่องหมายจุลภาคได้ 1 ช่อง หรือเลือกตำแหน่งจากแผนที่ในแบบฟอร์มออนไลน์ (ทศนิยม 6 ตำแหน่ง) ในแบบเสนอโครงการจะแสดงพิกัด UTM โซน 47N ให้ด้วย',
  amountsHow: 'กรอกจำนวนเงินของแต่ละปีงบประมาณ ในแบบเสนอโครงการจะรวมยอดให้',
  checksHow: 'ทำเครื่องหมายแหล่งงบประมาณที่มี และระบุรายละเอียดของแต่ละแหล่ง',
  imageHow: 'ภาพจะแสดงในแบบเสนอโครงการพร้อมแผนที่ตำแหน่งขนาดเล็ก หากพิมพ์แบบฟอร์มเปล่า ให้แนบภาพแผนที่ในกรอบที่กำหนด',
  when: (option: string, item: string) => `กรอกเฉพาะเมื่อเลือก “${option}” ในข้อ ${item}`,
} as const;
