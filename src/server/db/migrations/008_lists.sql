-- Island lists of SPEC.md §3 as views over the tables.

-- Coastline island list: gid, island, prv_code, amp_code, prv_name, amp_name.
CREATE VIEW coastline_island_list AS
  SELECT gid, island, prv_code, amp_code, prv_name, amp_name FROM island;

-- Change-rate island list: layer ('<island name>_<island gid>'), prv_code, amp_code, prv_name, amp_name.
CREATE VIEW changerate_island_list AS
  SELECT DISTINCT layer, prv_code, amp_code, prv_name, amp_name
  FROM change_rate
  WHERE zone = 'island' AND layer IS NOT NULL;
