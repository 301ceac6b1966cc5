// MockAdNetwork: stand-ins for the consent SDK (current and legacy) and the ad SDK, with the
// privacy signals they write and every request they record.
