public enum FourInARowGame {}
