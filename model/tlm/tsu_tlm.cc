#include "tsu_tlm.h"

namespace tsu {

TsuTlm::TsuTlm(const sc_core::sc_module_name& name, sc_core::sc_time op_latency)
    : sc_core::sc_module(name),
      target("target"),
      mem("mem"),
      unit_(this),
      op_latency_(op_latency) {
  target.register_b_transport(this, &TsuTlm::BTransport);
}

void TsuTlm::BTransport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
  InstrExtension* ext = nullptr;
  gp.get_extension(ext);
  if (ext == nullptr || ext->instr == nullptr) {
    gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  delay_ = &delay;
  ext->resp = unit_.Execute(*ext->instr, ext->req);
  delay_ = nullptr;
  delay += op_latency_;
  ++transactions_;
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

void TsuTlm::Access(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n) {
  mem_gp_.set_command(cmd);
  mem_gp_.set_address(addr);
  mem_gp_.set_data_ptr(data);
  mem_gp_.set_data_length(n);
  mem_gp_.set_streaming_width(n);
  mem_gp_.set_byte_enable_ptr(nullptr);
  mem_gp_.set_dmi_allowed(false);
  mem_gp_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time local = sc_core::SC_ZERO_TIME;
  mem->b_transport(mem_gp_, delay_ != nullptr ? *delay_ : local);
  if (mem_gp_.is_response_error()) {
    SC_REPORT_ERROR("tsu/tlm", ("memory access failed: " + mem_gp_.get_response_string()).c_str());
  }
}

void TsuTlm::Read(uint64_t addr, uint8_t* data, uint32_t n) {
  Access(tlm::TLM_READ_COMMAND, addr, data, n);
}

void TsuTlm::Write(uint64_t addr, const uint8_t* data, uint32_t n) {
  // TLM payloads carry a non-const pointer; the target only reads it for a write.
  Access(tlm::TLM_WRITE_COMMAND, addr, const_cast<uint8_t*>(data), n);
}

TlmMemory::TlmMemory(const sc_core::sc_module_name& name, sc_core::sc_time latency)
    : sc_core::sc_module(name), socket("socket"), latency_(latency) {
  socket.register_b_transport(this, &TlmMemory::BTransport);
  socket.register_transport_dbg(this, &TlmMemory::TransportDbg);
}

void TlmMemory::BTransport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
  TransportDbg(gp);
  delay += latency_;
}

unsigned int TlmMemory::TransportDbg(tlm::tlm_generic_payload& gp) {
  const uint32_t n = gp.get_data_length();
  if (gp.get_byte_enable_ptr() != nullptr) {
    gp.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
    return 0;
  }
  if (gp.is_read()) {
    store_.Read(gp.get_address(), gp.get_data_ptr(), n);
  } else if (gp.is_write()) {
    store_.Write(gp.get_address(), gp.get_data_ptr(), n);
  }
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
  return n;
}

}  // namespace tsu
