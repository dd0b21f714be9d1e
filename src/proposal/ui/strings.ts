// Thai text of the proposal wizard (SPEC.md §2). Field titles and error messages come from
// config/forms/proposal.yaml; these are the wizard's own controls.
export const t = {
  stepsNav: 'ขั้นตอนของแบบฟอร์ม',
  stepOf: (step: number, count: number, title: string) => `ขั้นตอนที่ ${step} จาก ${count}: ${title}`,
  back: 'ย้อนกลับ',
  next: 'ถัดไป',
  submit: 'สร้างรายงาน',
  building: 'กำลังสร้างรายงาน...',
  checking: 'กำลังตรวจสอบ...',
  invalidSummary: (n: number) => `กรุณากรอกข้อมูลให้ครบถ้วนและถูกต้อง (${n} รายการ)`,
  buildFailed: 'สร้างรายงานไม่สำเร็จ',
  tryAgain: 'ลองใหม่อีกครั้ง',
  cacheFull: 'พื้นที่จัดเก็บในเบราว์เซอร์เต็ม ข้อมูลถูกบันทึกโดยไม่มีภาพแผนที่',
  cacheFailed: 'ไม่สามารถบันทึกข้อมูลแบบฟอร์มในเบราว์เซอร์ได้ ข้อมูลที่กรอกจะหายเมื่อปิดหน้านี้ ควรกรอกให้เสร็จและสร้างรายงานก่อนปิดหน้า',
  restored: 'กู้คืนข้อมูลที่กรอกไว้แล้ว',
  clearForm: 'ล้างข้อมูลแบบฟอร์ม',
  clearConfirm: 'ต้องการล้างข้อมูลที่กรอกไว้ทั้งหมดหรือไม่',
  loadingForm: 'กำลังโหลดแบบฟอร์ม...',
  unknownForm: (id: string) => `ไม่พบแบบฟอร์ม ${id}`,

  // Map picker (SPEC.md §2, §4)
  pickTitle: 'เลือกตำแหน่งจากแผนที่',
  pickButton: 'เลือกจากแผนที่',
  pickMode: 'ตำแหน่งที่จะกำหนด',
  startPoint: 'จุดเริ่มต้น',
  endPoint: 'จุดสิ้นสุด',
  pickHint: 'คลิกบนแผนที่เพื่อกำหนดพิกัด',
  basemap: 'แผนที่ฐาน',
  map: 'แผนที่',

  // Screenshot (SPEC.md §2, §8)
  screenshotTitle: 'กำหนดภาพแผนที่',
  screenshotOpen: 'กำหนดภาพแผนที่',
  useImage: 'ใช้ภาพนี้',
  removeImage: 'ลบภาพ',
  cancel: 'ยกเลิก',
  screenshotAlert: 'โหมดกำหนดภาพแผนที่: เลื่อนและซูมแผนที่ให้เห็นที่ตั้งโครงการ แล้วกด “ใช้ภาพนี้”',
  screenshotHint: 'เลื่อนและซูมแผนที่ให้เห็นที่ตั้งโครงการ (มาตราส่วนประมาณ 1:4,000) แล้วกด “ใช้ภาพนี้”',
  capturing: 'กำลังบันทึกภาพ...',
  captureFailed: 'บันทึกภาพแผนที่ไม่สำเร็จ ลองใหม่อีกครั้ง',
  noImage: 'ยังไม่ได้กำหนดภาพแผนที่',
  imageAlt: 'ภาพแผนที่ที่ตั้งโครงการ',

  // Beach system (SPEC.md §2, §8)
  beachTitle: 'เลือกกลุ่มหาด',
  beachButton: 'เลือกกลุ่มหาด',
  beachMain: 'กลุ่มหาดหลัก',
  beachSub: 'กลุ่มหาดย่อย',
  beachSystem: 'ระบบหาด',
  confirm: 'ยืนยัน',
  choose: 'เลือก',
  listFailed: '--',
  listFailedNote: 'โหลดรายการไม่สำเร็จ ปิดหน้าต่างนี้แล้วลองใหม่อีกครั้ง หรือพิมพ์ข้อ 6 เองในช่องข้อความ',
  loading: 'กำลังโหลด',

  // Budget table
  budgetYear: 'ปีงบประมาณ',
  budgetAmount: 'วงเงิน (บาท)',
  budgetTotal: 'รวม',
  baht: 'บาท',
  yearLabel: (year: string) => `ปีงบประมาณ พ.ศ. ${year}`,

  // Preview (SPEC.md §2)
  previewTitle: 'ตัวอย่างแบบฟอร์ม',
  download: 'ดาวน์โหลด PDF',
  close: 'ปิด',
  pdfSize: (kb: string, seconds: string) => `ขนาด ${kb} กิโลไบต์ สร้างใน ${seconds} วินาที`,
} as const;
