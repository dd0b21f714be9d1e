/** Every table the generator fills (all must be empty before it runs). */
export const SAMPLE_TABLES = [
  'dataset_info', 'land', 'province', 'district', 'subdistrict', 'island', 'lake_island', 'coast_segment',
  'cmline', 'shoreline', 'change_area', 'change_rate', 'analysis_area', 'beach_main', 'beach_sub', 'beach_system',
  'littoral', 'coastal_status', 'structure_type', 'coastal_structure', 'erosion_solution', 'potential_area',
  'landuse_class', 'landuse', 'cvi', 'radar_station', 'radar_current', 'cctv',
] as const;
